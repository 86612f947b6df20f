export function Spinner(props: { size?: "sm" | "md" | "lg"; label?: string }) {
  const size = props.size ?? "md";
  return props.label ? (
    <span class={`spinner spinner--${size}`} role="status" aria-label={props.label} />
  ) : (
    <span class={`spinner spinner--${size}`} aria-hidden="true" />
  );
}
