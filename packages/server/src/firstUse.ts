/**
 * `load`, run by the first call and shared by every later one; after a failure, the next call tries
 * again. For the modules a server may never need (Fedify, the S3 client, sharp, nodemailer,
 * web-push): loaded with `import()` on first use, they stay out of its memory until then (decision 195).
 */
export function onFirstUse<T>(load: () => Promise<T>): (() => Promise<T>) & { started(): boolean } {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(get, { started: () => loading !== null });
}
