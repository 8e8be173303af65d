ALTER TABLE `webcasts` ADD `event_type` text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `source_type` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `quality` text DEFAULT '720p' NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `screen_sharing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `replay_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `privacy` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `registration_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `control_number_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `sso_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `has_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `tag` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `attendee_options` text DEFAULT '{"ask_questions":true,"view_resources":true,"view_details":true,"switch_language":true,"poster_overlay":false,"question_wall":false}' NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `anonymous_questions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `speakers_see_stats` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `schedule_visible` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `add_to_calendar_visible` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `vod_download` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `sponsors_visible` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `billing_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `theme` text DEFAULT 'go' NOT NULL;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `title_color` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `cover_key` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `banner_key` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `intro_loop_media_id` text;--> statement-breakpoint
ALTER TABLE `webcasts` ADD `outro_loop_media_id` text;