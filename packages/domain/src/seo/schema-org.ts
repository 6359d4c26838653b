/** A hotel's address in schema.org's words (`PostalAddress`), as the pages and the booking mails describe it. */
export function postalAddressOf(hotel: { address: string; city: string; country: string }) {
  return {
    "@type": "PostalAddress",
    streetAddress: hotel.address,
    addressLocality: hotel.city,
    addressCountry: hotel.country,
  };
}
