import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { ErrorBox } from './ErrorBox';

/** What a field's control gets from `Field`: its id, and the descriptions and validity wired to it. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** The errors of a field (or of a form), announced at once; nothing when there are none. */
export function ErrorList({ id, errors, className }: { id?: string; errors?: readonly string[] | null; className?: string }) {
  const shown = (errors ?? []).filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ErrorBox id={id} className={className}>
      {shown.length === 1 ? (
        shown[0]
      ) : (
        <ul>
          {shown.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </ErrorBox>
  );
}

export interface FieldProps {
  label: string;
  /** the control's id, when the caller needs it (to focus the control); one of its own otherwise */
  id?: string;
  /** a line under the control that describes it (read with it) */
  hint?: ReactNode;
  /** what is wrong with the value: shown under the control, which is marked invalid and described by it */
  errors?: readonly string[] | null;
  /** more ids that describe the control (e.g. a character count drawn by the caller) */
  describedBy?: string;
  errorClassName?: string;
  /** drawn after the control and its hint, before its errors */
  after?: ReactNode;
  children(control: FieldControl): ReactNode;
}

/**
 * A labelled form field: the label, the control, its hint and its errors, with the label's `for`,
 * `aria-describedby` and `aria-invalid` wired once, here, for every form.
 */
export function Field({ label, id: givenId, hint, errors, describedBy, errorClassName, after, children }: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = hint ? `${id}-hint` : undefined;
  const invalid = (errors ?? []).some(Boolean);
  const errorId = invalid ? `${id}-error` : undefined;
  const described = [errorId, describedBy, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described, ...(invalid ? { 'aria-invalid': true } : {}) })}
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {after}
      <ErrorList id={errorId} errors={errors} className={errorClassName} />
    </div>
  );
}

type FieldOptions = Omit<FieldProps, 'children'>;

/** A one-line text field: `Field` around an `<input className="input">`. */
export function TextField({ inputProps, ...field }: FieldOptions & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  return <Field {...field}>{(control) => <input className="input" {...inputProps} {...control} />}</Field>;
}

/** A multi-line text field: `Field` around a `<textarea className="textarea">`. */
export function TextareaField({ textareaProps, ...field }: FieldOptions & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return <Field {...field}>{(control) => <textarea className="textarea" {...textareaProps} {...control} />}</Field>;
}
