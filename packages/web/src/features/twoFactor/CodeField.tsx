import type { Ref } from 'react';
import { Field } from '../../components/Field';

/**
 * The one field a code is typed in: the authenticator app's six digits, or a recovery code
 * (letters and a dash, hence up to 40 characters, no numeric keyboard, no autocapitalisation).
 */
export function CodeField({
  label,
  value,
  onChange,
  inputRef,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="input"
          name="code"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          required
        />
      )}
    </Field>
  );
}
