#pragma once
// What the Equations view shows for a law on one impact: the law's defining
// equations (typeset once, as SVG, by scripts/make-equations.py from
// resources/equations/equations.json; docs/equations.md) and the numbers of
// this impact that go into them: W, v-, the compression impulse, the law's
// termination condition with both of its sides evaluated.
//
// The catalogue is data compiled into the core (like the figure catalogue),
// so the app, the report and the tests read the same entries. Every number
// below is read from the law's own result, trace or terms; nothing is solved
// here.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "laws/LawComparison.h"

namespace impactlab {

// One typeset equation of the catalogue.
struct LawEquation {
    std::string id;        // file name stem of its SVG (resources/equations/<id>.svg)
    std::string tex;       // the mathtext it was typeset from
    std::string source;    // paper and equation number
    std::string meaning;   // one sentence: what it says
};

// A law's equations, in reading order.
struct LawEquationSet {
    std::string law;       // the registry's id
    std::string title;
    std::vector<LawEquation> equations;
};

// Every law's equations, parsed once from the compiled-in catalogue. A
// malformed catalogue is a defect of the build: InputError naming the field.
const std::vector<LawEquationSet>& getLawEquationCatalogue();
// nullptr for a law the catalogue does not have.
const LawEquationSet* findLawEquations(std::string_view law);

// A number of the impact, as it enters the equations.
struct EquationQuantity {
    std::string symbol;          // HTML (sub- and superscripts)
    std::string name;            // words, for the CSV and tooltips
    std::vector<double> values;  // 1 scalar, 3 a vector (contact frame), 9 a matrix (row-major)
    std::string unit;            // SI
    // The scale a component is judged against for round-off (DisplayNumber.h):
    // the quantity's own largest component unless set.
    double scale = 0.0;
};

// A relation of the law with this impact's numbers on both sides.
struct EquationCondition {
    std::string relation;        // HTML, the relation in symbols
    std::string equation;        // the catalogue equation it evaluates
    double lhs = 0.0;
    double rhs = 0.0;
    std::string unit;
    // Whether the two sides agree to kEquationConditionRelTol of their scale
    // (an inequality: whether it holds within that tolerance).
    bool holds = false;
    bool inequality = false;     // lhs <= rhs rather than lhs = rhs
};

// The two sides of a condition agree when they differ by at most this share
// of the larger of them (or of the impact's scale for that unit). The
// algebraic laws meet their relations to round-off. Stronge's relation is
// read back from the law's sampled path (calcNormalWork) and is as good as
// the path: on 4000 random body pairs the traced stronge and jia-wang paths
// met it to 6e-4 at worst (2e-4 typical of the traced Stronge integration's
// own end). 1e-3 is above that and far below the gap to another law's end.
inline constexpr double kEquationConditionRelTol = 1e-3;

struct EquationSheet {
    const LawEquationSet* equations = nullptr;   // never null for a registered law
    std::vector<EquationQuantity> quantities;
    std::vector<EquationCondition> conditions;
    // Plain sentences: the branch taken, the events along the path with the
    // normal impulse where each happened.
    std::vector<std::string> notes;
};

// The sheet of `law` on one contact, from that law's result (and trace, when
// it has one) on `problem`; `options` are the options it was solved with.
// InputError("law") for a law the catalogue does not have.
EquationSheet makeEquationSheet(const std::string& law, const ImpactProblem& problem, const ImpactResult& result,
                                const ImpactTrace* trace, const nlohmann::json& options);

// The sheets of every law of a comparison that took the problem, in its
// order (the scene's law first where the page puts it first).
std::vector<EquationSheet> makeEquationSheets(const ImpactProblem& problem, const std::vector<ComparedLaw>& laws);

// The sheet of a law solved natively on several contacts (PLUS): each
// contact's impulse and velocities, the rounds and intervals.
EquationSheet makeEquationSheet(const std::string& law, const ContactSpaceProblem& problem,
                                const ContactSpaceResult& result);

// A symbol or relation of the sheet in plain text ("v_n^+ = -e v_n^-").
std::string toPlainSymbol(const std::string& html);

// The sheet's numbers as CSV: symbol, name, component, value, unit (every
// digit, for programs), then each condition's two sides.
std::string formatEquationSheetCsv(const EquationSheet& sheet);

// Stronge's normal work along a sampled path (Jia & Wang eq. 10): the
// integral of v_n over the normal impulse in each phase the samples name
// (compression to the first v_n = 0, then restitution, where v_n may turn
// negative again). Between two samples of one contact mode
// of a Coulomb path on `problem` the cubic Hermite rule with the path's rates
// dv_n/dI_n at both ends; otherwise (no problem given, a mode change, an
// undefined slip direction) the trapezoid rule. J; both zero for a trace
// without samples.
struct NormalWork {
    double compression = 0.0;   // <= 0
    double restitution = 0.0;
};
NormalWork calcNormalWork(const ImpactTrace& trace, const ImpactProblem* problem = nullptr);

}  // namespace impactlab
