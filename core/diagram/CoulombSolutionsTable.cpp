#include "diagram/CoulombSolutionsTable.h"

#include <algorithm>
#include <iterator>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"

namespace impactlab {

namespace {

// Significant digits: Table 1's derived values carry ten (reference C.2.1).
constexpr int kSolutionDigits = 10;


// The paper's order (n, t, o) of a contact-frame vector (t1, t2, n).
Vec3 toNtoOrder(const Vec3& v) { return Vec3(v.z(), v.x(), v.y()); }

// One solution's row: its name, kind and numbers, appended to `t`.
void addSolutionRow(FigureTable& t, const ImpactProblem& p, const std::string& name, const std::string& kind,
                    const Vec3& I) {
    const Vec3 x = toNtoOrder(I);
    const Vec3 residual = toNtoOrder(p.W * I + p.vMinus);   // A x - b = v^+
    const double numbers[] = {x(0),        x(1),        x(2),  residual(0), residual(1),
                              residual(2), residual.norm(), p.calcEnergyChange(I)};   // 1/2 x^T A x - x^T b
    t.rows.push_back({name, kind});
    t.rows.back().resize(t.header.size());
    for (std::size_t k = 0; k < std::size(numbers); ++k)
        t.setNumber(t.rows.size() - 1, 2 + k,
                    {TableNumber::Rule::Significant, Vec3(numbers[k], 0.0, 0.0), 0.0, kSolutionDigits});
}

}  // namespace

FigureTable makeCoulombSolutionsTable(const ImpactProblem& problem) {
    FigureTable t;
    t.title = "Coulomb solutions and maximum dissipation (Preclik et al. Table 1)";
    t.header = {"solution",         "kind",             "x_n [N s]",        "x_t [N s]",
                "x_o [N s]",        "(Ax - b)_n [m/s]", "(Ax - b)_t [m/s]", "(Ax - b)_o [m/s]",
                "|Ax - b| [m/s]",   "1/2 x^T A x - x^T b [J]"};
    CoulombSolutionSet set = findCoulombInelasticSolutions(problem.W, problem.vMinus, problem.friction);
    std::stable_sort(set.solutions.begin(), set.solutions.end(),
                     [](const CoulombSolution& a, const CoulombSolution& b) { return a.impulse.z() < b.impulse.z(); });
    for (std::size_t k = 0; k < set.solutions.size(); ++k)
        addSolutionRow(t, problem, "x" + std::to_string(k + 1), toString(set.solutions[k].kind),
                       set.solutions[k].impulse);
    const ImpactResult mdp = solveMaxDissipation(problem);
    addSolutionRow(t, problem, "x* (max dissipation)", mdp.branch.value_or(""), mdp.impulse);
    return t;
}

}  // namespace impactlab
