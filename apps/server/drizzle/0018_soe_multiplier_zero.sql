-- A ticked cell whose multiplier text is not a number stores 0 (spec/2 section 5: "0 if invalid").
ALTER TABLE "soe_mapping" DROP CONSTRAINT "soe_mapping_multiplier_check";--> statement-breakpoint
ALTER TABLE "soe_mapping" ADD CONSTRAINT "soe_mapping_multiplier_check" CHECK ("soe_mapping"."multiplier" >= 0 and "soe_mapping"."multiplier" <= 100);