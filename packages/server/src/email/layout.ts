import type { EmailT } from '../i18n/translator.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface EmailContent {
  /** Paragraphs of plain text (escaped for the HTML part). */
  lines: string[];
  /** A quoted text (the question), set apart. */
  quote?: string;
  action: { label: string; url: string };
  /** Notification emails carry the unsubscribe link; a reset email has nothing to unsubscribe from. */
  unsubscribeUrl?: string;
  /** the instance's address: every email links to its Rules and Privacy pages */
  publicUrl: string;
}

const footerPages = ['rules', 'privacy'] as const;

/** The same message as plain text and as simple HTML (inline styles: mail clients ignore stylesheets). */
export function renderEmail(t: EmailT, content: EmailContent): { text: string; html: string } {
  const footerText = content.unsubscribeUrl ? ['', '--', t('footer.why'), `${t('footer.unsubscribe')}: ${content.unsubscribeUrl}`] : [];
  const text = [
    ...content.lines,
    ...(content.quote ? ['', `“${content.quote}”`] : []),
    '',
    `${content.action.label}: ${content.action.url}`,
    ...footerText,
    '',
    footerPages.map((page) => `${t(`footer.${page}`)}: ${content.publicUrl}/${page}`).join(' · '),
    '',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1c28">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px">Askbox</p>
${content.lines.map(paragraph).join('\n')}
${content.quote ? `<blockquote style="margin:0 0 16px;padding:12px 16px;background:#f1effd;border-radius:8px">${escapeHtml(content.quote)}</blockquote>` : ''}
<p style="margin:16px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#5b3fd6;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(content.action.label)}</a></p>
${
  content.unsubscribeUrl
    ? `<p style="margin:24px 0 0;font-size:13px;color:#5c5c6e">${escapeHtml(t('footer.why'))} <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#5c5c6e">${escapeHtml(t('footer.unsubscribe'))}</a></p>`
    : ''
}
<p style="margin:16px 0 0;font-size:13px;color:#5c5c6e">${footerPages
    .map((page) => `<a href="${escapeHtml(`${content.publicUrl}/${page}`)}" style="color:#5c5c6e">${escapeHtml(t(`footer.${page}`))}</a>`)
    .join(' · ')}</p>
</div>
</body></html>`;
  return { text, html };
}
