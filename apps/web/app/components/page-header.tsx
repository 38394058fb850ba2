/** Title and description at the top of a signed-in screen. */
export function PageHeader({ title, description }: { title: string; description: string }) {
  return (
    <header className="mb-8">
      <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">{description}</p>
    </header>
  );
}
