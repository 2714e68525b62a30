export { createPgliteSqlClient, PgliteSqlClient } from '../postgres/pglite-sql-client';
