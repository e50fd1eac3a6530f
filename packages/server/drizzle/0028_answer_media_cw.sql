ALTER TABLE "questions" ADD COLUMN "content_warning" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "picture_url" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "picture_alt" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "picture_width" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "picture_height" integer;