import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with markup in it: `<strong>…</strong>` becomes bold and `<icon/>` the
 * given icon. The catalogs use only these two tags, so this replaces react-i18next's `Trans`
 * (and its HTML parser) on the first screen's bundle (decision 147).
 */
export function RichText({ text, icon }: { text: string; icon?: ReactNode }) {
  const parts = text.split(/(<strong>.*?<\/strong>|<icon\/>)/);
  return (
    <>
      {parts.map((part, index) => {
        if (part === '<icon/>') return <Fragment key={index}>{icon}</Fragment>;
        const bold = /^<strong>(.*)<\/strong>$/.exec(part);
        return bold ? <strong key={index}>{bold[1]}</strong> : part;
      })}
    </>
  );
}
