import type { LooseSelectHTMLAttributes } from "preact";

import { Icon } from "./Icon";

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

type Props<V extends string> = Omit<LooseSelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "role" | "size"> & {
  value: V;
  options: readonly SelectOption<V>[];
  onValue: (value: V) => void;
};

/** A native select, styled; native keeps keyboard and screen-reader behaviour right. */
export function Select<V extends string>(props: Props<V>) {
  const { value, options, onValue, class: extra, ...rest } = props;
  return (
    <span class={`select${extra ? ` ${String(extra)}` : ""}`}>
      <select {...rest} value={value} onChange={(event) => onValue(event.currentTarget.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} class="select__chevron" />
    </span>
  );
}
