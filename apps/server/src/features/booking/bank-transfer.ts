// The rule is pure and the mails render it too: it lives in the domain, where every layer may read it.
export * from "@alloggio/domain/booking/bank-transfer";
