import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLaterTexts, setLocale } from '../../i18n';
import { auditDetailText } from './auditDetail';

beforeAll(() => loadLaterTexts());
afterEach(() => setLocale('en'));

describe('the detail line of an audit entry (decision 376)', () => {
  it('names an edited page in the reader’s language, and says when its default text came back', async () => {
    await setLocale('en');
    expect(auditDetailText({ action: 'page_edited', detail: 'about' })).toBe('About page');
    expect(auditDetailText({ action: 'page_edited', detail: 'terms: (default)' })).toBe('Terms page: default text restored');
    await setLocale('fr');
    expect(auditDetailText({ action: 'page_edited', detail: 'privacy' })).toBe('Page Confidentialité');
    expect(auditDetailText({ action: 'page_edited', detail: 'rules: (default)' })).toBe('Page Règles\u00a0: texte par défaut rétabli');
  });

  it('shows any other detail as written (an announcement’s start, a role change)', () => {
    expect(auditDetailText({ action: 'announcement_scheduled', detail: 'Maintenance tonight…' })).toBe('Maintenance tonight…');
    expect(auditDetailText({ action: 'role_changed', detail: 'user → moderator' })).toBe('user → moderator');
    expect(auditDetailText({ action: 'page_edited', detail: 'somewhere' })).toBe('somewhere');
  });
});
