import '@fontsource-variable/inter/wght.css';
import '@fontsource/noto-color-emoji/400.css';
import '../styles/tokens.css';
import './visitor.css';

// light or dark as the device is, like the app for someone who never chose (the tokens' dark values
// apply under data-scheme="dark")
const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
const applyScheme = () => (document.documentElement.dataset.scheme = darkScheme.matches ? 'dark' : 'light');
applyScheme();
darkScheme.addEventListener('change', applyScheme);

/**
 * The signed-out profile of someone with a public profile (decision 307). The server renders the
 * page, texts included, in the visitor's language; this script follows the device's colour scheme
 * and runs the ask box, when the receiver lets visitors ask: the characters left, a proof-of-work challenge solved while the visitor types
 * (features/challenge's solver), and the question sent. No framework, no session: the page's
 * whole JavaScript stays small.
 */
interface Texts {
  remaining: { one: string; other: string };
  sent: string;
  sending: string;
  failed: string;
  ask: string;
  errors: Record<string, string>;
}

const MAX_LENGTH = 300;
const form = document.querySelector<HTMLFormElement>('#visitor-ask');
const texts = JSON.parse(document.querySelector('#visitor-texts')?.textContent ?? '{}') as Texts;

if (form) {
  const field = form.querySelector('textarea')!;
  const button = form.querySelector('button')!;
  const counter = form.querySelector<HTMLElement>('[data-counter]')!;
  const status = form.querySelector<HTMLElement>('[role="status"]')!;
  const username = form.dataset.username!;
  let pending: Promise<string> | null = null;

  const solved = async () => {
    const [response, { solve }] = await Promise.all([
      fetch('/api/challenge?purpose=visitor_question', { credentials: 'omit' }),
      import('../features/challenge/solver'),
    ]);
    if (!response.ok) throw new Error('challenge');
    const { challenge } = (await response.json()) as { challenge: Parameters<typeof solve>[0] };
    return solve(challenge);
  };
  const startChallenge = () => {
    pending = solved();
    pending.catch(() => undefined);
  };
  const update = () => {
    const left = MAX_LENGTH - Array.from(field.value).length;
    counter.textContent = (left === 1 ? texts.remaining.one : texts.remaining.other).replace('{{count}}', String(left));
    button.disabled = field.value.trim() === '' || left < 0;
    if (!pending && field.value !== '') startChallenge();
  };
  field.addEventListener('input', update);
  // the work starts as soon as the visitor comes to the box, so it is usually done when they ask
  field.addEventListener('focus', () => {
    if (!pending) startChallenge();
  });
  update();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = texts.sending;
    status.textContent = '';
    void (async () => {
      try {
        const challenge = await (pending ?? solved()).catch(() => solved());
        pending = null;
        const response = await fetch(`/api/visitors/${encodeURIComponent(username)}/questions`, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: field.value, challenge }),
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
          status.textContent = texts.errors[body?.error?.code ?? ''] ?? texts.failed;
          return;
        }
        field.value = '';
        status.textContent = texts.sent;
        // and an invitation to get a box of their own
        form.querySelector<HTMLElement>('.visitor-invite')?.removeAttribute('hidden');
      } catch {
        status.textContent = texts.failed;
      } finally {
        button.textContent = texts.ask;
        update();
      }
    })();
  });
}
