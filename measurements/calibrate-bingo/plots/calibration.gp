# Drawn by dominolab; run again with: cd <this report's directory> && gnuplot plots/calibration.gp
set datafile separator ","
set encoding utf8
set key noautotitle
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) { set terminal pngcairo noenhanced size 960,600 font ",10" } else { set terminal png noenhanced size 960,600 }
set output "plots/calibration.png"
set title "Difficulty levels against greedy: targets, and measured Elo with 95% intervals\nbingo, 2 players, 2,000 matches a level"
set xlabel "level"
set ylabel "Elo relative to greedy"
set grid
set key outside below center horizontal height 1
set xrange [0.5:10.5]
set xtics 1
plot "calibration.csv" skip 1 using 1:3 with linespoints dt 2 pointtype 6 title "target", "" skip 1 using 1:4:5:6 with yerrorbars pointtype 7 title "measured"
set terminal svg noenhanced size 960,600 dynamic font ",10"
set output "plots/calibration.svg"
replot
unset output
