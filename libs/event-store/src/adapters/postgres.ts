export { createPgSqlClient, PgSqlClient } from '../postgres/pg-sql-client';
