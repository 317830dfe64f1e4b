CREATE TABLE IF NOT EXISTS "import_map" (
	"source" text NOT NULL,
	"entity" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_map_source_entity_source_id_pk" PRIMARY KEY("source","entity","source_id")
);
