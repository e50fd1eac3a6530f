import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { t } from '../i18n';
import { Field } from './Field';

/**
 * A password input with a show/hide toggle. `toggleLabels` name what the show/hide button reveals; it must not contain the field's label,
 * so that finding the field by its label finds only the field.
 */
export function PasswordField(props: {
  label: string;
  /** the show / hide button's names */
  toggleLabels?: { show: string; hide: string };
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  name: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={props.label}>
      {(control) => (
        <div style={{ position: 'relative' }}>
          <input
            {...control}
            name={props.name}
            className="input"
            type={visible ? 'text' : 'password'}
            value={props.value}
            autoComplete={props.autoComplete}
            required
            onChange={(e) => props.onChange(e.target.value)}
            style={{ paddingRight: 52 }}
          />
          <button
            type="button"
            className="icon-btn"
            aria-label={visible ? (props.toggleLabels?.hide ?? t('hidePassword')) : (props.toggleLabels?.show ?? t('showPassword'))}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            style={{ position: 'absolute', right: 2, top: 0 }}
          >
            {visible ? <EyeOff size={20} aria-hidden /> : <Eye size={20} aria-hidden />}
          </button>
        </div>
      )}
    </Field>
  );
}
