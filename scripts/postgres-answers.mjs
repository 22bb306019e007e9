// Exits 0 when the PostgreSQL named by the first argument accepts a connection within 3 seconds.
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  const { rows } = await client.query('show server_version_num');
  await client.end();
  process.exit(Number(rows[0].server_version_num) >= 150000 ? 0 : 2);
} catch {
  process.exit(1);
}
