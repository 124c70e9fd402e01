-- Uploads (contract section 14): the reserved agent every upload's generation names; never listed, never callable.
INSERT INTO "agents" ("id", "name", "description", "credits", "catalog_credits", "enabled", "sizes", "default_width", "default_height",
  "supports_transparent", "formats", "driver", "sort_order", "updated_at")
VALUES ('upload', 'Upload', 'The caller''s own picture (POST /api/v1/uploads).', 0, 0, false, '[]'::jsonb, 0, 0, true, ARRAY['png']::text[], 'upload', 1000, now())
ON CONFLICT ("id") DO NOTHING;
