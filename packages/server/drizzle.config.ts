import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by the app at start-up (src/db/migrate.ts),
// because drizzle-kit migrate cannot load pg_trgm into PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/db/schema/index.ts',
  out: './packages/server/drizzle',
});
