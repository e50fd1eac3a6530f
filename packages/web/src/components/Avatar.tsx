import { useState } from 'react';
import { imageSrcSet } from '@askbox/common';
import { avatarBackground, initialsOf, isDefaultAvatar } from './defaultPicture';

/**
 * A round user picture; alt text names the user so lists read well with a screen reader. Uploaded
 * pictures come in several widths (made at upload): the browser takes the one the slot needs.
 * Without a picture (or when it fails to load): the initials on a gradient derived from `seed`
 * (the account id), so a new community does not look like a row of placeholders.
 */
export function Avatar({
  src,
  name,
  seed,
  initialsFrom,
  size = 44,
}: {
  src?: string | null;
  /** The accessible name. */
  name: string;
  /** The account id (a remote account's handle): the colours of the generated picture. */
  seed?: string;
  /** Whose initials the default picture shows, when `name` says more ('Ana (preview)'). */
  initialsFrom?: string;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (isDefaultAvatar(src) || failed === src)
    return <InitialsAvatar name={name} initialsFrom={initialsFrom ?? (name || seed || '')} seed={seed ?? name} size={size} />;
  const url = src!;
  const srcSet = imageSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? `${size}px` : undefined}
      alt={name}
      width={size}
      height={size}
      decoding="async"
      style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', flex: 'none', background: 'var(--color-surface-2)' }}
      onError={() => setFailed(url)}
    />
  );
}

function InitialsAvatar({ name, initialsFrom, seed, size }: { name: string; initialsFrom: string; seed: string; size: number }) {
  return (
    <span
      role={name ? 'img' : undefined}
      aria-label={name || undefined}
      aria-hidden={name ? undefined : true}
      data-default-avatar=""
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        flex: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: avatarBackground(seed),
        color: '#fff',
        fontWeight: 700,
        fontSize: Math.round(size * 0.4),
        letterSpacing: '0.02em',
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {initialsOf(initialsFrom)}
    </span>
  );
}
