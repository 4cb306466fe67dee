// The search box: a plain GET form to /search?q= (works without JavaScript). With JavaScript,
// app/enhance/suggest.ts shows suggestions under any input marked data-suggest as the student types.

/** A magnifying glass, drawn here so the box needs nothing else. */
function SearchIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        d="M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20"
      />
    </svg>
  );
}

export function SearchForm({ id, value = "", label, formLabel }: { id: string; value?: string; label: string; formLabel: string }) {
  return (
    <form className="search-form" method="get" action="/search" role="search" aria-label={formLabel}>
      <label className="search-label" htmlFor={id}>
        {label}
      </label>
      <span className="search-field">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={value}
          maxLength={200}
          placeholder="যেমন: ত্রিকোণমিতি, ঢাকা বোর্ড ২০১৯"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          data-suggest
        />
        <button type="submit" className="search-submit">
          <SearchIcon />
          <span className="visually-hidden">খুঁজুন</span>
        </button>
      </span>
    </form>
  );
}

/** The navbar's entry: one list item, so the phone menu can hold it like any other item. */
export function NavSearch() {
  return (
    <li className="nav-search">
      <SearchForm id="nav-search-q" label="খুঁজুন" formLabel="সাইটে খুঁজুন" />
    </li>
  );
}
