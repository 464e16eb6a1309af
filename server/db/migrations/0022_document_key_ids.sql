-- Which DOCUMENT_KEY sealed each stored document, so the rotation job finds what is left to
-- re-encrypt without opening every file. Nullable: servers from before it keep inserting rows.
ALTER TABLE "documents" ADD COLUMN "key_id" text;
