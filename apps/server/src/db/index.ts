/** The database layer's face for code outside the server (the test kit): open, migrate, the types and the tables. */
export * from "./client";
export * from "./schema";
