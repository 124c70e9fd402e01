-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "image_input" BOOLEAN NOT NULL DEFAULT false;
