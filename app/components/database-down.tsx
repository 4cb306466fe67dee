// The page a reader sees while the database cannot be reached (the response is a 503 with
// Retry-After: entry.server.tsx). Every error boundary shows it then, not its own message.

export function DatabaseDownPage() {
  return (
    <section className="error-page container">
      <h1>সাময়িকভাবে বন্ধ — Service temporarily unavailable</h1>
      <p>আমাদের ডেটাবেসে এই মুহূর্তে পৌঁছানো যাচ্ছে না। এক মিনিট পরে আবার চেষ্টা করুন।</p>
      <p>We cannot reach our database right now. Please try again in a minute.</p>
      <p>
        <a className="btn" href="">
          আবার চেষ্টা করুন (Try again)
        </a>
      </p>
    </section>
  );
}
