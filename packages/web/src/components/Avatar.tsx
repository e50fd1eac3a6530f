import { imageSrcSet } from '@askbox/common';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

/**
 * A round user picture; alt text names the user so lists read well with a screen reader. Uploaded
 * pictures come in several widths (made at upload): the browser takes the one the slot needs.
 */
export function Avatar({ src, name, size = 44 }: { src?: string | null; name: string; size?: number }) {
  const url = src || DEFAULT_AVATAR;
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
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) {
          e.currentTarget.srcset = '';
          e.currentTarget.src = DEFAULT_AVATAR;
        }
      }}
    />
  );
}
