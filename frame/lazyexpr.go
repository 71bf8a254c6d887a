package frame

import (
	"fmt"
	"sort"
	"strings"
)

// lazyVLMetaName is the vlmetalayer where python-blosc2 saves a LazyExpr
// or LazyUDF (msgpack {"expression": ..., "UDF": ..., "operands": {...}}),
// and lazyMetaName the fixed metalayer telling which (0 expression, 1 UDF).
const (
	lazyVLMetaName = "_LazyArray"
	lazyMetaName   = "LazyArray"
)

// LazyExpr describes a python-blosc2 LazyExpr or LazyUDF saved as a .b2nd
// file: its chunks hold placeholders, the values come from evaluating
// Expression (or the UDF) over the operands, which this package does not
// do.
type LazyExpr struct {
	// Expression is the expression ("a + b") or, for a LazyUDF, its
	// Python source.
	Expression string
	UDF        bool   // a LazyUDF rather than a LazyExpr
	Name       string // LazyUDF: the function name
	// Operands maps operand names to where python-blosc2 finds them: a
	// path relative to the array's directory, or for remote (C2Array)
	// operands "urlbase path".
	Operands map[string]string
}

// String describes the expression and its operands in one line.
func (l *LazyExpr) String() string {
	names := make([]string, 0, len(l.Operands))
	for k := range l.Operands {
		names = append(names, k)
	}
	sort.Strings(names)
	ops := make([]string, len(names))
	for i, k := range names {
		ops[i] = k + "=" + l.Operands[k]
	}
	kind := "LazyExpr"
	expr := l.Expression
	if l.UDF {
		kind = "LazyUDF " + l.Name
		if i := strings.IndexByte(expr, '\n'); i >= 0 {
			expr = expr[:i] + " ..."
		}
	}
	return fmt.Sprintf("python-blosc2 %s %q over %s", kind, expr, strings.Join(ops, ", "))
}

// lazyOf returns the saved expression of f, nil when f is not one.
func lazyOf(f *Frame) (*LazyExpr, error) {
	if _, err := f.VLMetalayerRaw(lazyVLMetaName); err != nil {
		return nil, nil
	}
	v, err := f.VLMeta(lazyVLMetaName)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, corrupt("vlmetalayer "+lazyVLMetaName, -1, "not a msgpack map")
	}
	l := &LazyExpr{Operands: map[string]string{}}
	if raw, err := f.Metalayer(lazyMetaName); err == nil && len(raw) == 1 && raw[0] == 1 {
		l.UDF = true
	}
	l.Expression, _ = m["expression"].(string)
	if u, ok := m["UDF"].(string); ok && (l.UDF || l.Expression == "") {
		l.UDF, l.Expression = true, u
	}
	l.Name, _ = m["name"].(string)
	ops, _ := m["operands"].(map[string]any)
	for k, v := range ops {
		switch x := v.(type) {
		case string:
			l.Operands[k] = x
		case map[string]any:
			l.Operands[k] = fmt.Sprint(x["urlbase"], " ", x["path"])
		default:
			l.Operands[k] = fmt.Sprint(x)
		}
	}
	return l, nil
}
