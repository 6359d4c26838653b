import { describe, expect, it } from "vitest";
import {
  checkAttachment,
  contentDisposition,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_NAME,
  sanitiseAttachmentName,
  sniffAttachmentType,
} from "./attachment-type";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PDF = bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0");
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");

describe("sniffAttachmentType", () => {
  it("knows each accepted type by its first bytes", () => {
    expect(sniffAttachmentType(PDF)).toBe("application/pdf");
    expect(sniffAttachmentType(PNG)).toBe("image/png");
    expect(sniffAttachmentType(JPEG)).toBe("image/jpeg");
    expect(sniffAttachmentType(WEBP)).toBe("image/webp");
  });

  it("refuses a program, an HTML page, another RIFF file, a truncated header and an empty file", () => {
    expect(sniffAttachmentType(bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4]))).toBeNull(); // a Windows .exe
    expect(sniffAttachmentType(bytes("<!DOCTYPE html><script>alert(1)</script>"))).toBeNull();
    expect(sniffAttachmentType(bytes("  %PDF-1.4"))).toBeNull();
    expect(sniffAttachmentType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffAttachmentType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffAttachmentType(bytes("GIF89a"))).toBeNull();
    expect(sniffAttachmentType(new Uint8Array())).toBeNull();
  });
});

describe("checkAttachment (the form's pre-check, the server's rule)", () => {
  it("accepts a PDF up to 10 MB", () => {
    expect(checkAttachment({ size: MAX_ATTACHMENT_BYTES, head: PDF })).toBeNull();
  });
  it("refuses by content whatever the name, and by size", () => {
    expect(checkAttachment({ size: 40, head: bytes("<html>") })).toBe("attachment_type");
    expect(checkAttachment({ size: 0, head: new Uint8Array() })).toBe("attachment_type");
    expect(checkAttachment({ size: MAX_ATTACHMENT_BYTES + 1, head: PNG })).toBe("attachment_too_large");
  });
});

describe("sanitiseAttachmentName", () => {
  it("drops folders, control and direction characters and leading dots", () => {
    expect(sanitiseAttachmentName("C:\\Users\\anna\\Brochure 2030.pdf", "application/pdf")).toBe(
      "Brochure 2030.pdf",
    );
    expect(sanitiseAttachmentName("../../etc/passwd.pdf", "application/pdf")).toBe("passwd.pdf");
    expect(sanitiseAttachmentName("a\u0000b\r\nc.png", "image/png")).toBe("abc.png");
    expect(sanitiseAttachmentName("evil\u202Egnp.exe", "image/png")).toBe("evilgnp.exe.png");
    expect(sanitiseAttachmentName("...hidden.jpg", "image/jpeg")).toBe("hidden.jpg");
  });

  it("gives the real type's extension and never an empty name", () => {
    expect(sanitiseAttachmentName("invoice.pdf", "image/png")).toBe("invoice.pdf.png");
    expect(sanitiseAttachmentName("photo.JPEG", "image/jpeg")).toBe("photo.JPEG");
    expect(sanitiseAttachmentName("", "application/pdf")).toBe("attachment.pdf");
    expect(sanitiseAttachmentName("/", "image/webp")).toBe("attachment.webp");
    expect(sanitiseAttachmentName(" .pdf", "application/pdf")).toBe("pdf.pdf");
  });

  it("keeps at most 200 characters, with the extension", () => {
    const name = sanitiseAttachmentName(`${"é".repeat(500)}.pdf`, "application/pdf");
    expect([...name]).toHaveLength(MAX_ATTACHMENT_NAME);
    expect(name.endsWith("é.pdf")).toBe(true);
  });
});

describe("contentDisposition", () => {
  it("encodes the name as UTF-8 with an ASCII fallback", () => {
    expect(contentDisposition("attachment", 'Offerta "Lago" è.pdf')).toBe(
      `attachment; filename="Offerta _Lago_ _.pdf"; filename*=UTF-8''Offerta%20%22Lago%22%20%C3%A8.pdf`,
    );
  });
});
