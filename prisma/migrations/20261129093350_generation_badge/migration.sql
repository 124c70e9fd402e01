-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "badge" TEXT;
