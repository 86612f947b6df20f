import type { LooseInputHTMLAttributes } from "preact";

type Props = Omit<LooseInputHTMLAttributes<HTMLInputElement>, "onInput" | "value" | "type" | "role"> & {
  value: string;
  onValue: (value: string) => void;
  type?: "text" | "url" | "search" | "email";
  mono?: boolean;
};

export function TextInput(props: Props) {
  const { value, onValue, type = "text", mono, class: extra, ...rest } = props;
  return (
    <input
      spellcheck={false}
      autocomplete="off"
      autocapitalize="off"
      {...rest}
      // Preact 11 types `type` and `role` together; no role is set here, so any text type fits.
      type={type as "text"}
      class={`input${mono ? " mono" : ""}${extra ? ` ${String(extra)}` : ""}`}
      value={value}
      onInput={(event) => onValue(event.currentTarget.value)}
    />
  );
}
