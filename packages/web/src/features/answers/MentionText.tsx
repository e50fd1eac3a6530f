import { Link } from 'react-router';
import { splitMentions } from '@askbox/common';
import { useMentionable } from '../profiles/api';

/**
 * User text with @mentions as profile links, for the people who exist (a mention of no one, or
 * of a suspended account, stays text); rendered as text nodes only, never as HTML.
 */
export function MentionText({ text }: { text: string }) {
  const segments = splitMentions(text);
  const mentioned = segments.flatMap((segment) => (segment.kind === 'mention' ? [segment.username] : []));
  const linkable = useMentionable(mentioned);
  let mention = 0;
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'mention' && linkable[mention++] === true ? (
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
