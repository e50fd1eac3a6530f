import { TextField } from './Field';

/** An email address input with its label (sign-up, log-in, forgotten password). */
export function EmailField(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={props.label}
      inputProps={{
        name: 'email',
        type: 'email',
        autoComplete: 'email',
        required: true,
        value: props.value,
        onChange: (e) => props.onChange(e.target.value),
      }}
    />
  );
}
