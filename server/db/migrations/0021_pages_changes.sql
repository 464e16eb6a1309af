-- Drawn pages now show the terms (the purchase check step): they are forgotten when a
-- rich-text page changes, whoever changed it (see server/db/change-feed.ts).
CREATE TRIGGER pages_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_change();
