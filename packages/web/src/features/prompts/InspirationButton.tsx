import { currentLocale, t } from '../../i18n';

/**
 * 'Need inspiration?': draws an idea of a question. The ideas (and their code) load on the first
 * click, so a profile's first screen carries only this button.
 */
export function InspirationButton({ onPrompt }: { onPrompt(text: string): void }) {
  const draw = async () => {
    const { nextPrompt } = await import('./deck');
    const text = await nextPrompt(currentLocale());
    if (text !== '') onPrompt(text);
  };
  return (
    <button type="button" className="btn btn-small btn-secondary" onClick={() => void draw()}>
      {t('needInspiration')}
    </button>
  );
}
