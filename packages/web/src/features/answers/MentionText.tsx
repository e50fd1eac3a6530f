import { Link } from 'react-router';
import { splitMentions } from '@askbox/common';
import { useMentionable } from '../profiles/api';

/**
 * User text with @mentions as profile links, for the people who exist (a mention of no one, or
 * of a suspended account, stays text), and http(s) addresses as links that open in a new tab,
 * shown shortened, marked as the user's and not followed by search engines; rendered as text
 * nodes only, never as HTML.
 */
export function MentionText({ text }: { text: string }) {
  const segments = splitMentions(text);
  const mentioned = segments.flatMap((segment) => (segment.kind === 'mention' ? [segment.username] : []));
  const linkable = useMentionable(mentioned);
  let mention = 0;
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel="nofollow ugc noopener noreferrer" title={segment.href}>
            {segment.text}
          </a>
        ) : segment.kind === 'mention' && linkable[mention++] === true ? (
          <Link key={i} to={`/u/${segment.username}`}>
            {segment.text}
          </Link>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
