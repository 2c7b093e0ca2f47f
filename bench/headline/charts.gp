# Charts of a headline_bench run: gnuplot -e "data='DIR'" charts.gp
# requests-wide.dat: scenario, then the medians of ours, standard and curl;
# scaling.dat: contender body ms peak, one block per contender
set terminal png size 900,500
set output data.'/time-per-request.png'
set title 'Time per request (median of the run), lower is better'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel 'ms per request'
set logscale y
set grid ytics
set key top left
plot data.'/requests-wide.dat' using 2:xtic(1) title 'ours', '' using 3 title 'standard', '' using 4 title 'curl + RapidJSON'

set output data.'/peak-heap.png'
set title 'Peak heap during one request vs body size (loopback, whole body parsed), lower is better'
unset style
set style data linespoints
unset logscale
set logscale x
set xlabel 'body bytes'
set ylabel 'peak heap, MB'
plot data.'/scaling.dat' index 0 using 2:($4/1e6) title 'ours' lw 2, \
     data.'/scaling.dat' index 1 using 2:($4/1e6) title 'standard' lw 2, \
     data.'/scaling.dat' index 2 using 2:($4/1e6) title 'curl + RapidJSON' lw 2
