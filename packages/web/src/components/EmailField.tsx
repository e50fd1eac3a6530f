import { useId } from 'react';

/** An email address input with its label (sign-up, log-in, forgotten password). */
export function EmailField(props: { label: string; value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name="email"
        className="input"
        type="email"
        autoComplete="email"
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
