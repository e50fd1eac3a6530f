import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A built web app of two pages, enough to tell which one a request got: the app's shell ('SPA')
 * and the signed-out profile's page (visitor.html, with the marks the server fills). Remove the
 * folder when done.
 */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<html lang="en"><head><title>Askbox</title></head><body><div id="root">SPA</div></body></html>');
  fs.writeFileSync(
    path.join(dir, 'visitor.html'),
    '<html lang="en"><head><title>Askbox</title><!--visitor-head--></head><body><!--visitor-body--><script src="/assets/visitor.js"></script></body></html>',
  );
  return dir;
}
