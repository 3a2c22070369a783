// A mailbox shown as a mailto link.
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {address}
    </a>
  );
}
