// drizzle-kit configuration: `npx drizzle-kit generate` writes versioned SQL migrations from the schema.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
