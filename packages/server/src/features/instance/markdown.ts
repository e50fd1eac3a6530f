import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Admins write the instance's pages in Markdown; readers get HTML. markdown-it with `html: false`
 * escapes any HTML typed in the text and refuses javascript:/data: links; sanitize-html then keeps
 * only the tags Markdown makes and http(s)/mailto links, so a bug in either still yields no script
 * (decision 295). Rendered on the server: the web app carries no Markdown code.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), {
    allowedTags,
    allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // links leave the instance without telling where from, and cannot reach back into the page
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
  });
}

/** The first line of each top-level list item, as plain text: the Rules page's rules. */
export function listItemsOf(text: string): string[] {
  const tokens = markdown.parse(text, {});
  const items: string[] = [];
  let listDepth = 0;
  let wantFirstLine = false;
  for (const token of tokens) {
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') listDepth++;
    else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') listDepth--;
    else if (token.type === 'list_item_open' && listDepth === 1) wantFirstLine = true;
    else if (token.type === 'inline' && wantFirstLine) {
      wantFirstLine = false;
      const plain = (token.children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join('')
        .trim();
      if (plain) items.push(plain);
    }
  }
  return items;
}
