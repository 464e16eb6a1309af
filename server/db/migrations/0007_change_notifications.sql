-- Caches in server processes (sessions, public content) hear about every change here,
-- whichever process or person made it: see server/db/change-feed.ts.
-- TG_ARGV[0] names the column that holds the user's id: id on users, user_id on user_tokens.
CREATE FUNCTION app_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  PERFORM pg_notify('app_changes', 'user:' || (to_jsonb(changed) ->> TG_ARGV[0]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changes', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new account or a new session invalidates nothing; only changes and removals do.
CREATE TRIGGER users_changes AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION app_notify_user_change('id');
--> statement-breakpoint
CREATE TRIGGER user_tokens_changes AFTER UPDATE OR DELETE ON user_tokens FOR EACH ROW EXECUTE FUNCTION app_notify_user_change('user_id');
--> statement-breakpoint
CREATE TRIGGER plans_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER banners_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER stores_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores FOR EACH STATEMENT EXECUTE FUNCTION app_notify_table_change();
