import { createHash, randomBytes } from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** An opaque random token: 32 bytes, base64url. */
export const newToken = () => randomBytes(32).toString("base64url");
