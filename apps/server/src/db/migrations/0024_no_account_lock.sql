-- Failed sign-ins no longer lock an account (they ask for a challenge instead): the lock's column goes.
ALTER TABLE "users" DROP COLUMN "locked_at";
