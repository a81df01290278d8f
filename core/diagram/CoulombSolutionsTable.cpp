#include "diagram/CoulombSolutionsTable.h"

#include <algorithm>
#include <cstdio>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"

namespace impactlab {

namespace {

// Significant digits: Table 1's derived values carry ten (reference C.2.1).
constexpr int kSolutionDigits = 10;

std::string formatSolutionNumber(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", kSolutionDigits, value);
    return text;
}

// The paper's order (n, t, o) of a contact-frame vector (t1, t2, n).
Vec3 toNtoOrder(const Vec3& v) { return Vec3(v.z(), v.x(), v.y()); }

std::vector<std::string> makeSolutionRow(const ImpactProblem& p, const std::string& name, const std::string& kind,
                                 const Vec3& I) {
    const Vec3 x = toNtoOrder(I);
    const Vec3 residual = toNtoOrder(p.W * I + p.vMinus);   // A x - b = v^+
    std::vector<std::string> row{name, kind};
    for (int i = 0; i < 3; ++i) row.push_back(formatSolutionNumber(x(i)));
    for (int i = 0; i < 3; ++i) row.push_back(formatSolutionNumber(residual(i)));
    row.push_back(formatSolutionNumber(residual.norm()));
    row.push_back(formatSolutionNumber(p.calcEnergyChange(I)));   // 1/2 x^T A x - x^T b
    return row;
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
        t.rows.push_back(makeSolutionRow(problem, "x" + std::to_string(k + 1), toString(set.solutions[k].kind),
                                 set.solutions[k].impulse));
    const ImpactResult mdp = solveMaxDissipation(problem);
    t.rows.push_back(makeSolutionRow(problem, "x* (max dissipation)", mdp.branch.value_or(""), mdp.impulse));
    return t;
}

}  // namespace impactlab
