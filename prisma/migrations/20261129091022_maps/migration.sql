-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "map" JSONB;
