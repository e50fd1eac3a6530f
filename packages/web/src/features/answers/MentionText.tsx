import { Link } from 'react-router';
import { splitMentions } from '@askbox/common';

/** User text with @mentions as profile links; rendered as text nodes only, never as HTML. */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((segment, i) =>
        segment.kind === 'mention' ? (
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
