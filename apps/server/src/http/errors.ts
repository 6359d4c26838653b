/** The one error that crosses HTTP: a code the web app translates (`errors.<code>`), a status, a safe message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function badInput(field: string, message: string): AppError {
  return new AppError("invalid_input", 400, `${field}: ${message}`, [{ field, message }]);
}

export function notFound(field: string, message: string): AppError {
  return new AppError("not_found", 404, message, [{ field, message }]);
}
