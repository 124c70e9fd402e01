-- Buying credits (contract section 16): the ledger's `purchase` kind. Alone in its migration: a value
-- added to an enum cannot be used in the transaction that adds it (the next migration's index does).
ALTER TYPE "LedgerKind" ADD VALUE 'purchase';
