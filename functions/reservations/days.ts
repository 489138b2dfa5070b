// Calendar days of stays: moved down to shared/days.ts (the data layer and the calendar sync use
// them too, and a lower floor may not import a domain module). Kept so imports of './days' work.
export * from '#shared/days';
