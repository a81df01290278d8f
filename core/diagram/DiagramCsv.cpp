#include "diagram/DiagramCsv.h"

#include <sstream>

namespace impactlab {

namespace {
// Digits: enough to round-trip what the solvers compute to their tolerance.
constexpr int kCsvPrecision = 10;
}  // namespace

std::string toCsv(const std::vector<CsvSeries>& series, const std::string& xName, const std::string& yName) {
    std::ostringstream os;
    os.precision(kCsvPrecision);
    os << "series," << quoteCsvField(xName) << "," << quoteCsvField(yName) << "\n";
    for (const CsvSeries& s : series)
        for (const Vec2& p : s.points) os << quoteCsvField(s.name) << "," << p.x() << "," << p.y() << "\n";
    return os.str();
}

std::string toCsv(const ImpulseDiagram& diagram) {
    std::vector<CsvSeries> series;
    for (const DiagramPolyline& line : diagram.lines) series.push_back({line.label.empty() ? line.id : line.label, line.points});
    for (const DiagramPath& path : diagram.paths) {
        series.push_back({path.model + " path", path.points});
        series.push_back({path.model + " end of compression", {path.compressionPoint}});
        series.push_back({path.model + " final", {path.finalPoint}});
    }
    return toCsv(series, diagram.xLabel, diagram.yLabel);
}

namespace {
void appendRays(std::vector<CsvSeries>& series, const std::vector<InvariantRay>& rays) {
    for (const InvariantRay& ray : rays)
        series.push_back({std::string(ray.centrifugal ? "centrifugal" : "centripetal") + " ray " +
                              std::to_string(ray.angleDeg) + " deg",
                          {Vec2::Zero(), ray.direction}});
}
}  // namespace

std::string toCsv(const HodographDiagram& hodograph) {
    std::vector<CsvSeries> series{{"hodograph", hodograph.path}};
    appendRays(series, hodograph.rays);
    for (const HodographPoint& p : hodograph.points) series.push_back({p.label, {p.gamma}});
    return toCsv(series, "gamma_1 [m/s]", "gamma_2 [m/s]");
}

std::string toCsv(const HodographBundle& bundle) {
    std::vector<CsvSeries> series;
    for (std::size_t i = 0; i < bundle.paths.size(); ++i) series.push_back({"path " + std::to_string(i + 1), bundle.paths[i]});
    appendRays(series, bundle.rays);
    return toCsv(series, "gamma_1 [m/s]", "gamma_2 [m/s]");
}

std::string toCsv(const ImpulseCurve3D& curve) {
    std::ostringstream os;
    os.precision(kCsvPrecision);
    os << "series,I_t1 [N s],I_t2 [N s],I_n [N s]\n";
    auto row = [&os](const std::string& name, const Vec3& p) {
        os << quoteCsvField(name) << "," << p.x() << "," << p.y() << "," << p.z() << "\n";
    };
    for (const Vec3& p : curve.points) row("impulse", p);
    if (curve.compressionPoint) row("end of compression", *curve.compressionPoint);
    if (curve.stickPoint) row("stick", *curve.stickPoint);
    if (curve.finalPoint) row("final", *curve.finalPoint);
    return os.str();
}

std::string toCsv(const EnergyCurve& curve) {
    return toCsv(std::vector<CsvSeries>{{"kinetic energy", curve.kinetic}, {"contact potential energy", curve.potential},
                                         {"tangential spring energy", curve.tangential}},
                 "I_n [N s]", "energy [J]");
}

}  // namespace impactlab
