package store

import "sort"

func sortStrings(s []string) { sort.Strings(s) }
